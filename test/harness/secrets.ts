/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- a made-up key the tests look for in every output, error and log line */
/** The API key every engine test uses; scanned for in outputs, errors and logs. */
export const API_KEY = 'test-secret-key-7f3a';
