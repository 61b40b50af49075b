/**
 * The only event a signed-out visitor may record through POST /api/logs: a crash the error
 * boundary caught. The server refuses a guest's other events; the web does not send them.
 */
export const GUEST_LOG_TYPE = 'error_boundary';
