/** The HTML of one page a crawl reads, at most: the download stops there and the worker refuses more. */
export const WEB_PAGE_MAX_CHARACTERS = 5 * 1024 * 1024;
