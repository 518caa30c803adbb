import { Callout, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import type { ExtensionEntry } from '../../api/extension-directory';
import { hasUserPermission } from '../../api/permissions/check';
import { useUserInfo } from '../../shell/session/session-selectors';
import { selectRegistration } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import { useT } from '../../i18n/use-t';
import { ExtensionRows } from './extension-rows';
import { useCompanyExtensions, type ConnectFn } from './use-company-extensions';

export interface RegistrationStatusBoardProps {
  /** The socket the board watches the extensions with. @default a socket.io connection of its own */
  connect?: ConnectFn;
}

/**
 * /dashboard/registration-status: the company's extensions and their status labels, live. A manager
 * sees every extension (the built-in CTI server's directory, kept live by `extension_status` pushes);
 * an agent, or a company on another CTI server, sees the user's own extension from the phone.
 */
export function RegistrationStatusBoard({ connect }: RegistrationStatusBoardProps) {
  const t = useT();
  const userInfo = useUserInfo();
  const manager = userInfo?.role === 'manager';
  const { extensions, error, isLoading } = useCompanyExtensions(manager ? (userInfo?.company?.cti_server ?? null) : null, connect);
  const registration = usePhone(selectRegistration, shallowEqual);
  const own: ExtensionEntry | null = userInfo?.extension
    ? { number: userInfo.extension, name: userInfo.user.name, extenStatus: registration?.extenStatus ?? 0, status: registration?.status ?? 0 }
    : null;
  const rows = extensions ?? (own ? [own] : []);
  const supervise = {
    listen: hasUserPermission(userInfo, 'cti_listen'),
    whisper: hasUserPermission(userInfo, 'cti_whisper'),
    ready: !!registration?.registered,
  };

  return (
    <div data-testid="registration-status" data-source={extensions ? 'company' : 'own'} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {manager && isLoading && <Spinner size={20} />}
      {manager && error && (
        <Callout intent={Intent.WARNING} data-testid="registration-status-fallback">
          {t('cti.registration_status.company_unavailable', { message: error.message })}
        </Callout>
      )}
      {!manager && <p>{t('cti.registration_status.own_only')}</p>}
      {rows.length === 0 ? (
        <Callout data-testid="registration-status-empty">{t('cti.registration_status.no_extension')}</Callout>
      ) : (
        <HTMLTable compact striped style={{ width: '100%' }} data-testid="registration-status-table">
          <thead>
            <tr>
              <th>{t('cti.registration_status.extension')}</th>
              <th>{t('cti.registration_status.name')}</th>
              <th>{t('cti.registration_status.registration')}</th>
              <th>{t('cti.registration_status.status')}</th>
              {(supervise.listen || supervise.whisper) && <th />}
            </tr>
          </thead>
          <tbody>
            <ExtensionRows extensions={rows} own={userInfo?.extension ?? null} supervise={supervise} />
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

export default function RegistrationStatusScreen() {
  return <RegistrationStatusBoard />;
}
