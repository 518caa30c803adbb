import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { dialableNumber } from '../../api/cti/dialable-number';
import type { CallView } from '../../machines/call/call.selectors';
import { useT } from '../../i18n/use-t';
import { sendCallCommand } from './phone-commands';

export interface TransferDialogProps {
  call: CallView;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Blind or attended transfer of a call to an extension or a number (digits only, as the CTI server
 * accepts). The buttons follow the call's `allowed` commands; the line state shows the outcome.
 */
export function TransferDialog({ call, isOpen, onClose }: TransferDialogProps) {
  const t = useT();
  const [text, setText] = useState('');
  const number = dialableNumber(text);
  const invalid = text.trim() !== '' && number === null;
  const transfer = (type: 'TRANSFER_BLIND' | 'TRANSFER_ATTENDED') => {
    if (!number) return;
    sendCallCommand(call.callId, { type, number });
    setText('');
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('cti.transfer.title')} icon="swap-horizontal" style={{ width: 465 }}>
      <DialogBody>
        <FormGroup
          label={t('cti.transfer.number')}
          labelFor="cti-transfer-number"
          intent={invalid ? Intent.DANGER : Intent.NONE}
          helperText={invalid ? t('validation.cti_number_digits') : t('cti.transfer.help')}
        >
          <InputGroup
            id="cti-transfer-number"
            data-testid="transfer-number"
            inputMode="numeric"
            autoFocus
            value={text}
            intent={invalid ? Intent.DANGER : Intent.NONE}
            onValueChange={setText}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              data-testid="transfer-attended"
              icon="people"
              disabled={!number || !call.allowed.includes('TRANSFER_ATTENDED')}
              onClick={() => transfer('TRANSFER_ATTENDED')}
              text={t('cti.transfer.attended')}
            />
            <Button
              data-testid="transfer-blind"
              intent={Intent.PRIMARY}
              icon="arrow-right"
              disabled={!number || !call.allowed.includes('TRANSFER_BLIND')}
              onClick={() => transfer('TRANSFER_BLIND')}
              text={t('cti.transfer.blind')}
            />
          </>
        }
      />
    </Dialog>
  );
}
