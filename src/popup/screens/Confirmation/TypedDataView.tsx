import type { Json } from '../../../core/rpc/types.ts'
import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import { Field } from './parts.tsx'

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

/** `eth_signTypedData_v4`: the domain, and the message as a tree under its primary type. */
export function TypedDataView({ view }: { view: ConfirmationViews['eth_signTypedData_v4'] }) {
  const { typedData } = view
  const { domain } = typedData
  const domainRows = (['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const).filter(
    (key) => domain[key] !== undefined,
  )
  return (
    <div className="stack" data-testid="confirm-typed-data">
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
