// autocannon setupRequest for its worker thread (a function cannot cross to a worker, a file path
// can): every request goes out as a random one of the signed-in fans, so 20 connections spread
// over all of them instead of walking the same list in step. The cookies come from the JSON file
// named by BENCH_FAN_COOKIES (written by the benchmark before it starts autocannon).
'use strict';
// autocannon's worker require()s this file: CommonJS on purpose.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readFileSync } = require('node:fs');

let cookies;

module.exports = function randomFanRequest(request) {
  cookies ??= JSON.parse(readFileSync(process.env.BENCH_FAN_COOKIES, 'utf8'));
  const cookie = cookies[Math.floor(Math.random() * cookies.length)];
  return { ...request, headers: { ...request.headers, cookie } };
};
