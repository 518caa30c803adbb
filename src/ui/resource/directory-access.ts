import { createContext, useContext } from 'react';

/**
 * Whether the screen's user may read the company's user directory (`users/extensions`: names,
 * usernames, roles and extensions, a manager's list). A list provides it from its subject, an entity
 * pop-up from the session; pickers and cells of user and extension fields ask for the directory only
 * when it is allowed, and otherwise show ids and numbers as they are. Outside any provider: allowed.
 */
export const DirectoryAccessContext = createContext(true);

export const useDirectoryAccess = () => useContext(DirectoryAccessContext);
