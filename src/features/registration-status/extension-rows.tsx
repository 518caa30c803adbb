import { Button, ButtonGroup, Intent, Tag } from '@blueprintjs/core';
import type { ExtensionEntry } from '../../api/extension-directory';
import { EXTEN_STATUS_LOGGED_IN } from '../../api/cti/status-codes';
import { sendPhoneCommand } from '../../shell/telephony/phone-commands';
import { ExtensionStatusLabel } from '../../ui/telephony/extension-status-label';
import { useT } from '../../i18n/use-t';

export interface ExtensionRowsProps {
  extensions: ExtensionEntry[];
  /** The user's own extension: no listen/whisper on it. */
  own: string | null;
  supervise: { listen: boolean; whisper: boolean; ready: boolean };
}

/** One row per extension: number, name, registration and the status label of specification section 4. */
export function ExtensionRows({ extensions, own, supervise }: ExtensionRowsProps) {
  const t = useT();
  return (
    <>
      {extensions.map((e) => {
        const registered = e.extenStatus === EXTEN_STATUS_LOGGED_IN;
        const canSupervise = supervise.ready && registered && e.number !== own;
        return (
          <tr key={e.number} data-testid="registration-status-row" data-extension={e.number} data-registered={registered}>
            <td>{e.number}</td>
            <td>{e.name}</td>
            <td>
              <Tag minimal={!registered} intent={registered ? Intent.SUCCESS : Intent.NONE} data-testid="registration-status-registered">
                {t(registered ? 'cti.registration.registered' : 'cti.registration.not_registered')}
              </Tag>
            </td>
            <td>
              <ExtensionStatusLabel code={e.status} />
            </td>
            {(supervise.listen || supervise.whisper) && (
              <td style={{ textAlign: 'right' }}>
                <ButtonGroup>
                  {supervise.listen && (
                    <Button size="small" icon="volume-up" data-testid="registration-status-listen" disabled={!canSupervise} onClick={() => sendPhoneCommand({ type: 'LISTEN', target: e.number })} text={t('cti.supervise.listen')} />
                  )}
                  {supervise.whisper && (
                    <Button size="small" icon="chat" data-testid="registration-status-whisper" disabled={!canSupervise} onClick={() => sendPhoneCommand({ type: 'WHISPER', target: e.number })} text={t('cti.supervise.whisper')} />
                  )}
                </ButtonGroup>
              </td>
            )}
          </tr>
        );
      })}
    </>
  );
}
