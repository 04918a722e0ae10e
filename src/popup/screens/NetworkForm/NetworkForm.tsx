import { type FormEvent, useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { solanaClusterOf } from '../../../core/wallet/networks.ts'
import type { NetworkDraft } from '../../../core/wallet/validateNetwork.ts'
import { ErrorText, FieldError, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useNetworks } from '../../stores/networks.ts'

const emptyDraft: NetworkDraft = { chainId: '', name: '', rpcUrl: '', wsUrl: '' }

const fields: Array<{
  field: keyof NetworkDraft
  testId: string
  label: string
  placeholder: string
}> = [
  { field: 'chainId', testId: 'network-chain-id', label: 'Chain ID', placeholder: 'eip155:1337' },
  { field: 'name', testId: 'network-name', label: 'Name', placeholder: 'My devnet' },
  {
    field: 'rpcUrl',
    testId: 'network-rpc-url',
    label: 'HTTP endpoint',
    placeholder: 'https://rpc.example/v3/KEY',
  },
  {
    field: 'wsUrl',
    testId: 'network-ws-url',
    label: 'WebSocket endpoint',
    placeholder: 'wss://rpc.example/ws/v3/KEY',
  },
]

/**
 * Adding or editing a custom network, or giving a public Solana cluster its endpoint. The background
 * validates it (form, then a live `eth_chainId`, or `getGenesisHash` for Solana); each refusal
 * shows under its field.
 */
export function NetworkForm() {
  const { editingNetwork, go } = useNavigation(
    useShallow((state) => ({ editingNetwork: state.editingNetwork, go: state.go })),
  )
  const { networks, busy, error, fieldErrors, load, save, clearErrors } = useNetworks(
    useShallow((state) => ({
      networks: state.networks,
      busy: state.busy,
      error: state.error,
      fieldErrors: state.fieldErrors,
      load: state.load,
      save: state.save,
      clearErrors: state.clearErrors,
    })),
  )
  const editing = networks.find((network) => network.chainId === editingNetwork)
  const cluster = editingNetwork === undefined ? undefined : solanaClusterOf(editingNetwork)
  const [draft, setDraft] = useState<NetworkDraft>(emptyDraft)

  useEffect(() => {
    clearErrors()
    void load()
  }, [clearErrors, load])
  useEffect(() => {
    if (editing) {
      const { chainId, name, rpcUrl, wsUrl, kind } = editing
      // An Infura endpoint holds the API key: a cluster's form starts empty then.
      setDraft(
        kind === 'infura'
          ? { chainId, name, rpcUrl: '', wsUrl: '' }
          : { chainId, name, rpcUrl, wsUrl },
      )
    }
  }, [editing])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await save(draft, editing?.kind === 'custom' ? editingNetwork : undefined)) go('settings')
  }

  return (
    <Layout
      title={
        cluster ? `${cluster.name} endpoint` : editingNetwork ? 'Edit network' : 'Add a network'
      }
      actions={
        <button
          type="button"
          className="small"
          data-testid="network-cancel"
          onClick={() => go('settings')}
        >
          Cancel
        </button>
      }
    >
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        {cluster ? (
          <p className="lead">
            The JSON-RPC endpoints of {cluster.name}. Aperture asks the endpoint for its genesis
            hash before saving, and refuses one that serves another cluster.
          </p>
        ) : (
          <p className="lead">
            An EVM chain and its JSON-RPC endpoints (or a Solana cluster's: its chain id, solana:…).
            Aperture asks the endpoint for its chain id (or genesis hash) before saving.
          </p>
        )}
        {fields.map(({ field, testId, label, placeholder }) => (
          <label key={field} className="field">
            <span>{label}</span>
            <input
              spellCheck={false}
              autoComplete="off"
              placeholder={placeholder}
              data-testid={testId}
              aria-invalid={fieldErrors[field] ? true : undefined}
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
            <FieldError error={fieldErrors[field]} testId={testId} />
          </label>
        ))}
        <ErrorText error={error} />
        <button type="submit" className="primary" data-testid="network-save" disabled={busy}>
          {busy ? 'Checking the endpoint…' : 'Save network'}
        </button>
      </form>
    </Layout>
  )
}
