package dev.inferencemetrics.testing;

import dev.inferencemetrics.scrape.AllowListService;
import dev.inferencemetrics.tenancy.TenantScope;

/** The allow-list entry tests scrape through: 127.0.0.1, where their engines listen. */
public final class ScrapeAllowList {

    public static final String LOOPBACK = "127.0.0.1/32";

    private ScrapeAllowList() {}

    public static synchronized void permitLoopback(AllowListService allowList) {
        if (allowList.entries().stream().noneMatch(entry -> entry.entry().equals(LOOPBACK))) {
            allowList.add(TenantScope.allTenants(), "test", LOOPBACK);
        }
    }
}
