/** The first admin the e2e server is started with. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-pass-1' };
