import { AutoCallScreen } from './auto-call-screen';

/** The pop-up auto-call-system: the studymax campaigns page in a window. */
export default function AutoCallSystemPopup() {
  return <AutoCallScreen variant="studymax" framed={false} />;
}
