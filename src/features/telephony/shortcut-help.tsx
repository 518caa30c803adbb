import { Button, Classes, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { SHORTCUTS } from './shortcuts';
import { setTelephonyUi, useTelephonyUi } from './telephony-ui-store';

/** Opens the list of keyboard shortcuts (also `?`). */
export function ShortcutHelpButton() {
  const t = useT();
  return (
    <Button
      size="small"
      variant="minimal"
      icon="key-command"
      data-testid="shortcut-help-button"
      aria-label={t('cti.shortcut.title')}
      title={t('cti.shortcut.title')}
      onClick={() => setTelephonyUi({ help: true })}
    />
  );
}

/** The help overlay: the same SHORTCUTS list the key listener uses, so it cannot go stale. */
export function ShortcutHelp() {
  const t = useT();
  const isOpen = useTelephonyUi((s) => s.help);
  return (
    <Dialog isOpen={isOpen} onClose={() => setTelephonyUi({ help: false })} title={t('cti.shortcut.title')} icon="key-command" style={{ width: 465 }}>
      <DialogBody>
        <HTMLTable compact style={{ width: '100%' }} data-testid="shortcut-help">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.id} data-testid={`shortcut-row-${s.id}`}>
                <td>{t(s.labelId)}</td>
                <td style={{ textAlign: 'right' }}>
                  <span className={Classes.KEY_COMBO} data-testid={`shortcut-keys-${s.id}`}>
                    {s.keys.display.map((key) => (
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
