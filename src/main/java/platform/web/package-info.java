/** Error handling (problem+json for the API, error pages for the console), /v1/me. */
package platform.web;
