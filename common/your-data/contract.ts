import { exportStatusSchema } from './your-data';
import { defineRoute } from '../contracts/define';

/** Where the your-data router is mounted (server/app.ts), beside other routers of /api. */
export const YOUR_DATA_BASE = '/api';

/**
 * Settings → Your data. GET /api/export/download (a zip) and POST /api/import (a multipart
 * upload) are not JSON requests and have no contract.
 */
export const yourDataContracts = {
  /** When the last export was taken and when the next one may be. */
  exportStatus: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/export', response: exportStatusSchema }),
};
