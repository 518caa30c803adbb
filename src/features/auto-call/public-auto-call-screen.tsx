import { AutoCallScreen } from './auto-call-screen';

/** /auto-call-system/public: the public campaigns (a recorded message; pressing 1 reaches an agent). */
export default function PublicAutoCallScreen() {
  return <AutoCallScreen variant="public" />;
}
