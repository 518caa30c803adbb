// Moved to services/members/member-settings.ts (services never import routes). Kept only for
// services/import, which is being changed by another task: once it imports the new path, delete this
// file and the services/import entry of eslint.config.js's SERVICES_IMPORTING_ROUTES.
export { checkMemberAgainstSettings, loadMemberSettings } from '../../services/members/member-settings';
