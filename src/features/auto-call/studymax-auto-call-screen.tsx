import { AutoCallScreen } from './auto-call-screen';

/** /auto-call-system: the studymax campaigns (answered calls go to the campaign's agents). */
export default function StudymaxAutoCallScreen() {
  return <AutoCallScreen variant="studymax" />;
}
