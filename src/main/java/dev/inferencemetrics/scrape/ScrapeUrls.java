package dev.inferencemetrics.scrape;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/** What a target URL may be: http or https, a host, no user name or password in it. */
final class ScrapeUrls {

    private ScrapeUrls() {}

    /** Why the URL cannot be a target, if it cannot. */
    static Optional<String> problem(String url) {
        if (url.length() > 2000) {
            return Optional.of("the URL is longer than 2,000 characters");
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return Optional.of("only http and https URLs can be scraped");
            }
            if (uri.getHost() == null) {
                return Optional.of("the URL names no host");
            }
            if (uri.getRawUserInfo() != null) {
                return Optional.of("put credentials in the bearer token, not in the URL");
            }
            if (uri.getRawFragment() != null) {
                return Optional.of("the URL must not have a #fragment");
            }
            return Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.of("not a URL: " + e.getReason());
        }
    }

    /** The port a valid target URL connects to, written or the scheme's own. */
    static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }

    /** The host of a valid target URL, without the brackets of an IPv6 literal. */
    static String host(URI uri) {
        String host = uri.getHost();
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
