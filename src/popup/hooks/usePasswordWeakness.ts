import { useEffect, useState } from 'react'

type PasswordStrength = typeof import('../../core/keyring/passwordStrength.ts')

/** The estimator, loaded on first use: its dictionaries (1.6 MB) stay out of every window's start. */
let estimator: Promise<PasswordStrength> | undefined
const loadEstimator = (): Promise<PasswordStrength> => {
  estimator ??= import('../../core/keyring/passwordStrength.ts')
  return estimator
}

/**
 * Why `password` is too weak for the vault (`core/keyring/passwordStrength.ts`), once estimated:
 * `checked` is false until the estimate for this very password is in, so a form can stay disabled
 * until then.
 */
export function usePasswordWeakness(password: string): {
  checked: boolean
  weakness: string | undefined
} {
  const [estimate, setEstimate] = useState<{ password: string; weakness: string | undefined }>()
  useEffect(() => {
    let current = true
    loadEstimator()
      .then(({ passwordWeakness }) => {
        if (current) setEstimate({ password, weakness: passwordWeakness(password) })
      })
      .catch((error: unknown) => {
        if (current) setEstimate({ password, weakness: `Cannot check the password: ${error}` })
      })
    return () => {
      current = false
    }
  }, [password])
  const checked = estimate?.password === password
  return { checked, weakness: checked ? estimate?.weakness : undefined }
}
