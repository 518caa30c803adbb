import { AutoCallScreen } from './auto-call-screen';

/** The pop-up public-auto-call-system: the public campaigns page in a window. */
export default function PublicAutoCallSystemPopup() {
  return <AutoCallScreen variant="public" framed={false} />;
}
