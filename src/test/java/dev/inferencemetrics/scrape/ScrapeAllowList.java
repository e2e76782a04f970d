package dev.inferencemetrics.scrape;

import dev.inferencemetrics.security.TenantScope;

/** The allow-list entries tests scrape through: 127.0.0.1, where their engines listen. */
final class ScrapeAllowList {

    static final String LOOPBACK = "127.0.0.1/32";

    private ScrapeAllowList() {}

    static void permitLoopback(AllowListService allowList) {
        if (allowList.entries().stream().noneMatch(entry -> entry.entry().equals(LOOPBACK))) {
            allowList.add(TenantScope.allTenants(), "test", LOOPBACK);
        }
    }
}
