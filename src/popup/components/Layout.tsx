import type { ReactNode } from 'react'

type LayoutProps = {
  title: string
  actions?: ReactNode
  children: ReactNode
  footer?: ReactNode
  /** The scrolled content's element and its scrolls (the confirmation's read-to-the-end rule). */
  mainRef?: (element: HTMLElement | null) => void
  onMainScroll?: () => void
}

/** The frame of every screen: a header with the title, scrollable content, an optional footer. */
export function Layout({ title, actions, children, footer, mainRef, onMainScroll }: LayoutProps) {
  return (
    <div className="layout">
      <header className="layout-header">
        <span className="brand" aria-hidden="true" />
        <h1>{title}</h1>
        {actions ? <div className="layout-actions">{actions}</div> : null}
      </header>
      <main className="layout-main" ref={mainRef} onScroll={onMainScroll}>
        {children}
      </main>
      {footer ? <footer className="layout-footer">{footer}</footer> : null}
    </div>
  )
}

/** An error line announced to screen readers. */
export function ErrorText({ error }: { error: string | undefined }) {
  return error ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null
}

/** A field's validation message, shown under its input (`<testId>-error`). */
export function FieldError({ error, testId }: { error: string | undefined; testId: string }) {
  return error ? (
    <span className="field-error" role="alert" data-testid={`${testId}-error`}>
      {error}
    </span>
  ) : null
}

/** The header's Back to the home screen (`nav-home`). */
export function BackHome({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="small" data-testid="nav-home" onClick={onBack}>
      Back
    </button>
  )
}
