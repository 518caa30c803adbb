import { EditAnnouncementPopup } from './announcement-popups';

/** The pop-up's screen (src/app/popups/registry.ts loads it by its default export). */
export default EditAnnouncementPopup;
