/**
 * Every route under /api/admin (admin-manage.test.ts checks the list against the OpenAPI
 * document). The four actions of the job queue (/api/generateRecommendations...) are in
 * admin-actions.test.ts: they need pg-boss.
 */
export const ADMIN_ROUTES = [
  ['post', '/api/admin/concerts'],
  ['post', '/api/admin/bands'],
  ['post', '/api/admin/links'],
  ['get', '/api/admin/concerts/search'],
  ['get', '/api/admin/bands/search'],
  ['get', '/api/admin/venues'],
  ['get', '/api/admin/feedback'],
  ['post', '/api/admin/uploads'],
  ['get', '/api/admin/concerts'],
  ['get', '/api/admin/concerts/1'],
  ['patch', '/api/admin/concerts/1'],
  ['delete', '/api/admin/concerts/1'],
  ['post', '/api/admin/concerts/1/cancel'],
  ['post', '/api/admin/concerts/1/restore'],
  ['post', '/api/admin/concerts/1/duplicate'],
  ['post', '/api/admin/concerts/1/bands'],
  ['delete', '/api/admin/concerts/1/bands/1'],
  ['get', '/api/admin/bands'],
  ['patch', '/api/admin/bands/1'],
  ['post', '/api/admin/bands/1/merge'],
  ['delete', '/api/admin/bands/1'],
  ['get', '/api/admin/venues/managed'],
  ['post', '/api/admin/venues'],
  ['patch', '/api/admin/venues/1'],
  ['delete', '/api/admin/venues/1'],
  ['get', '/api/admin/audit'],
  ['get', '/api/admin/submissions'],
  ['put', '/api/admin/submissions/1'],
  ['post', '/api/admin/submissions/1/approve'],
  ['post', '/api/admin/submissions/1/reject'],
  ['post', '/api/admin/submissions/1/spam'],
  ['get', '/api/admin/submissions/images/1'],
] as const;
