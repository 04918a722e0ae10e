import type { Json } from '../../../core/rpc/types.ts'
import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import type { PermitView } from '../../../core/wallet/describePermit.ts'
import { Field, FullAddress } from './parts.tsx'

type Fields = Record<string, Array<{ name: string; type: string }>>

/** One value of the message: a nested struct as a sub-tree, arrays item by item, else the text. */
function Value({ value, type, types }: { value: Json | undefined; type: string; types: Fields }) {
  const baseType = type.replace(/\[\d*\]$/, '')
  if (Array.isArray(value) && type.endsWith(']')) {
    return (
      <ol className="tree-list">
        {value.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items have no identity but their place
          <li key={index}>
            <Value value={item} type={baseType} types={types} />
          </li>
        ))}
      </ol>
    )
  }
  const fields = types[type]
  if (fields && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return <Tree value={value} fields={fields} types={types} />
  }
  return (
    <span className="tree-leaf">{typeof value === 'string' ? value : JSON.stringify(value)}</span>
  )
}

function Tree({
  value,
  fields,
  types,
}: {
  value: Record<string, Json>
  fields: Fields[string]
  types: Fields
}) {
  return (
    <dl className="tree">
      {fields.map((field) => (
        <div key={field.name} className="tree-row">
          <dt>
            {field.name} <span className="hint">{field.type}</span>
          </dt>
          <dd>
            <Value value={value[field.name]} type={field.type} types={types} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * A permit as the worker spelled it out: who may spend, each token in its units (its symbol read
 * from the chain), until when (`confirm-permit-*`).
 */
function Permit({ permit }: { permit: PermitView }) {
  return (
    <Field label={`Permit · ${permit.standard} ${permit.primaryType}`} testId="confirm-permit">
      <dl className="tree">
        <div className="tree-row">
          <dt>Spender</dt>
          <dd data-testid="confirm-permit-spender">
            <FullAddress address={permit.spender} />
          </dd>
        </div>
        {permit.allowances.map(({ token, amount, unlimited, expiration }, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a permit's tokens have no identity but their place
          <div key={index} className="tree-row" data-testid={`confirm-permit-allowance-${index}`}>
            <dt>
              {unlimited ? `Unlimited ${amount.symbol}` : `${amount.formatted} ${amount.symbol}`}
            </dt>
            <dd>
              <FullAddress address={token} />
              {expiration === undefined ? null : (
                <span className="hint">allowance until {expiration}</span>
              )}
            </dd>
          </div>
        ))}
        <div className="tree-row">
          <dt>Signature valid until</dt>
          <dd className="tree-leaf" data-testid="confirm-permit-deadline">
            {permit.deadline}
          </dd>
        </div>
      </dl>
    </Field>
  )
}

/**
 * `eth_signTypedData_v4`: a permit spelled out when it is one, the domain, and the message as a
 * tree under its primary type (only its declared fields: the worker dropped the rest).
 */
export function TypedDataView({ view }: { view: ConfirmationViews['eth_signTypedData_v4'] }) {
  const { typedData } = view
  const { domain } = typedData
  const domainRows = (['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const).filter(
    (key) => domain[key] !== undefined,
  )
  return (
    <div className="stack" data-testid="confirm-typed-data">
      {view.permit ? <Permit permit={view.permit} /> : null}
      <Field label="Domain">
        <dl className="tree">
          {domainRows.map((key) => (
            <div key={key} className="tree-row">
              <dt>{key}</dt>
              <dd className="tree-leaf">{String(domain[key])}</dd>
            </div>
          ))}
        </dl>
      </Field>
      <Field label={`Message · ${typedData.primaryType}`}>
        <Tree
          value={typedData.message}
          fields={typedData.types[typedData.primaryType] ?? []}
          types={typedData.types}
        />
      </Field>
    </div>
  )
}
