// page_console.mjs: what the browser tests leave out of a page's console errors.

// A 429 answer: the account's requests of the page before can still be running on the server, and api.js sends
// the request again (t/js/api_retry.mjs); Chromium logs the answer as an error all the same.
export const retried429 = (text) => /the server responded with a status of 429/.test(text);
