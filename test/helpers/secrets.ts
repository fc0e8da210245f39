/** The API key every engine test uses; scanned for in outputs, errors and logs. */
export const API_KEY = 'test-secret-key-7f3a';
