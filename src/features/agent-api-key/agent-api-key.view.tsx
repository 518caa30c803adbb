import { useEffect } from 'react';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { NewSecretDialog } from '../../ui/feedback/new-secret-dialog';
import { momentCell } from '../../ui/resource/entity-cells';
import { useCompanyUsers } from '../../ui/resource/entity-options';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';
import { numberFromOption, OptionSelect } from '../../ui/resource/fields/option-select';
import type { FieldProps } from '../../ui/resource/resource-view';

/**
 * What agent API keys add to their derived list (docs/api.md "Agent API keys"): the new key shown once
 * after Add, with a copy button, since no answer carries it again; the agent to issue for among the
 * company's active agents (an agent issues for themselves only); "Never" for a key not used yet; a
 * revoke confirmation that says what revoking ends.
 */

/** The secret of a key just issued, with a copy button; closing it is the last time it is seen. */
export function NewAgentApiKeyDialog({ apiKey, name, onClose }: { apiKey: string; name: string; onClose: () => void }) {
  return (
    <NewSecretDialog
      secret={apiKey}
      name={name}
      titleId="agent-api-key.created_title"
      onceId="agent-api-key.created_body"
      usageId="agent-api-key.created_usage"
      copyId="agent-api-key.copy"
      copiedId="agent-api-key.copied"
      testIdPrefix="agent-api-key"
      onClose={onClose}
    />
  );
}

/**
 * Who the key is for. A manager chooses among the company's active agents; an agent issues for
 * themselves, so the field holds them and nobody else (the server refuses anyone else with a 422).
 */
export function AgentApiKeyUserField(props: FieldProps) {
  const me = useUserInfo();
  const { users, loading, unavailable } = useCompanyUsers();
  const self = me?.role === 'agent' ? me.user : null;
  const { value, onChange } = props;
  useEffect(() => {
    if (self && value !== self.id) onChange(self.id);
  }, [self, value, onChange]);
  const options = self
    ? [{ value: String(self.id), label: `${self.name} (${self.username})` }]
    : users.filter((user) => user.role === 'agent' && user.status === 'active').map((user) => ({ value: String(user.user_id), label: `${user.name} (${user.username})` }));
  const hintId = self ? undefined : unavailable ? 'entity.users_unavailable' : !loading && options.length === 0 ? 'agent-api-key.no_agents' : undefined;
  return (
    <OptionSelect
      {...props}
      labelId="agent-api-key.field.user_id"
      required
      options={options}
      loading={!self && loading}
      disabled={props.disabled || self !== null}
      fromOption={numberFromOption}
      {...(hintId ? { hintId } : {})}
    />
  );
}

function LastUsed({ value }: { value: unknown }) {
  const t = useT();
  return <>{typeof value === 'string' && value !== '' ? momentCell(value) : t('agent-api-key.never_used')}</>;
}

export const agentApiKeyView: EntityViewOverrides = {
  columns: {
    last_used_at: { render: (record) => <LastUsed value={record.last_used_at} /> },
  },
  fields: {
    user_id: { kind: 'custom', render: (props) => <AgentApiKeyUserField {...props} /> },
  },
  deleteConfirmId: 'agent-api-key.revoke_confirm',
  deleteLabelId: 'agent-api-key.revoke',
  deletedId: 'agent-api-key.revoked',
  slots: {
    created: (created, close) => <NewAgentApiKeyDialog apiKey={String(created.key)} name={String(created.name)} onClose={close} />,
  },
};
