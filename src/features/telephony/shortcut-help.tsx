import { Classes, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { BarCommandButton } from './bar-command-button';
import { shortcutsFor } from './shortcuts';
import { setTelephonyUi, useTelephonyUi } from './telephony-ui-store';

/** Opens the list of keyboard shortcuts (the `help` command, also `?`). */
export function ShortcutHelpButton() {
  return <BarCommandButton name="help" testId="shortcut-help-button" variant="minimal" iconOnly />;
}

/**
 * The help overlay: the hotkeys of the CTI commands this user may use, read from the same declarations
 * as the key listener and the buttons, so it cannot list a key that does nothing for them.
 */
export function ShortcutHelp() {
  const t = useT();
  const userInfo = useUserInfo();
  const isOpen = useTelephonyUi((s) => s.help);
  return (
    <Dialog isOpen={isOpen} onClose={() => setTelephonyUi({ help: false })} title={t('cti.shortcut.title')} icon="key-command" style={{ width: 465 }}>
      <DialogBody>
        <HTMLTable compact style={{ width: '100%' }} data-testid="shortcut-help">
          <tbody>
            {shortcutsFor(userInfo).map(({ name, hotkey }) => (
              <tr key={name} data-testid={`shortcut-row-${name}`}>
                <td>{hotkey && t(hotkey.descriptionId)}</td>
                <td style={{ textAlign: 'right' }}>
                  <span className={Classes.KEY_COMBO} data-testid={`shortcut-keys-${name}`}>
                    {hotkey?.display.map((key) => (
                      <kbd key={key} className={Classes.KEY}>
                        {key}
                      </kbd>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <p>{t('cti.shortcut.not_in_fields')}</p>
      </DialogBody>
    </Dialog>
  );
}
