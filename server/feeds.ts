/**
 * The feeds' door: a search as RSS, Atom or JSON Feed, and every live listing as the aggregators' XML. The markup and
 * the job content they share stay behind it.
 */
export { atomXml, FEED_FORMATS, jsonFeed, rssXml, searchFeed, type FeedFormat } from "#server/feeds/search-feed.ts";
export { syndicationXmlStream } from "#server/feeds/syndication.ts";
