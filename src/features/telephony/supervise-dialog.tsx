import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { hasUserPermission } from '../../api/permissions/check';
import { useUserInfo } from '../../shell/session/session-selectors';
import { sendPhoneCommand } from '../../shell/telephony/phone-commands';
import { selectPhoneError, selectSupervision } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import { useT } from '../../i18n/use-t';
import { BarCommandButton } from './bar-command-button';
import { setTelephonyUi, useTelephonyUi } from './telephony-ui-store';
import { focusFirstField } from '../../ui/focus/focus-return';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';

const EXTENSION = /^[0-9]{2,10}$/;

/** Listen or whisper needs a manager or cti_listen / cti_whisper (specification section 6). */
export function useSupervisionRights() {
  const userInfo = useUserInfo();
  return { listen: hasUserPermission(userInfo, 'cti_listen'), whisper: hasUserPermission(userInfo, 'cti_whisper') };
}

/** The `supervise` command's button: says whom this manager listens or whispers to. */
export function SuperviseButton() {
  const t = useT();
  const supervision = usePhone(selectSupervision, shallowEqual);
  return (
    <BarCommandButton
      name="supervise"
      testId="supervise-button"
      intent={supervision ? Intent.PRIMARY : Intent.NONE}
      text={supervision ? t(supervision.mode === 'listen' ? 'cti.supervise.listening' : 'cti.supervise.whispering', { target: supervision.target }) : undefined}
    />
  );
}

/** A manager listens to or whispers to an agent's extension. */
export function SuperviseDialog() {
  const t = useT();
  // Starts on the first field; focus goes back where it was when the dialog closes.
  const focus = useDialogFocus(focusFirstField);
  const isOpen = useTelephonyUi((s) => s.supervise);
  const rights = useSupervisionRights();
  const supervision = usePhone(selectSupervision, shallowEqual);
  const error = usePhone(selectPhoneError, shallowEqual);
  const [target, setTarget] = useState('');
  const valid = EXTENSION.test(target.trim());
  const close = () => setTelephonyUi({ supervise: false });
  const start = (type: 'LISTEN' | 'WHISPER') => {
    sendPhoneCommand({ type, target: target.trim() });
    close();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('cti.supervise.title')} icon="headset" style={{ width: 465 }} {...focus}>
      <DialogBody>
        <FormGroup label={t('cti.supervise.target')} labelFor="cti-supervise-target" helperText={t('cti.supervise.help')}>
          <InputGroup id="cti-supervise-target" data-testid="supervise-target" inputMode="numeric" value={target} onValueChange={setTarget} />
        </FormGroup>
        {error && (
          <Callout intent={Intent.DANGER} compact data-testid="supervise-error">
            {error.message}{' '}
            <Button variant="minimal" size="small" onClick={() => sendPhoneCommand({ type: 'DISMISS_ERROR' })} text={t('common.close')} />
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {rights.whisper && <Button data-testid="supervise-whisper" icon="chat" disabled={!valid || !!supervision} onClick={() => start('WHISPER')} text={t('cti.supervise.whisper')} />}
            {rights.listen && <Button data-testid="supervise-listen" intent={Intent.PRIMARY} icon="volume-up" disabled={!valid || !!supervision} onClick={() => start('LISTEN')} text={t('cti.supervise.listen')} />}
          </>
        }
      />
    </Dialog>
  );
}
