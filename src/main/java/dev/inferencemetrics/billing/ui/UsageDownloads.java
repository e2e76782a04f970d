package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.server.streams.DownloadHandler;
import dev.inferencemetrics.billing.UsageFormat;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.io.OutputStream;
import java.util.function.Supplier;

/**
 * Download CSV, Download CSV for Excel (the same with a UTF-8 byte-order mark, without which Excel misreads
 * non-ASCII names) and Download JSON of what the page shows, grouped as it is, streamed from the database into the
 * response.
 */
class UsageDownloads extends HorizontalLayout {

    private final UsageService usage;
    private final TenantScope scope;
    private final Supplier<UsageSelection> shown;

    UsageDownloads(UsageService usage, TenantScope scope, Supplier<UsageSelection> shown) {
        this.usage = usage;
        this.scope = scope;
        this.shown = shown;
        setPadding(false);
        add(
                link("Download CSV", UsageFormat.CSV, false),
                link("Download CSV for Excel", UsageFormat.CSV, true),
                link("Download JSON", UsageFormat.JSON, false));
    }

    private Anchor link(String text, UsageFormat format, boolean byteOrderMark) {
        DownloadHandler handler = event -> {
            UsageSelection selection = shown.get();
            event.setFileName(selection.fileName(format.code()));
            event.setContentType(format.contentType());
            try (OutputStream out = event.getOutputStream()) {
                usage.export(
                        scope,
                        selection.tenantId(),
                        selection.period(),
                        selection.grouping(),
                        format,
                        byteOrderMark,
                        out);
            }
        };
        Anchor anchor = new Anchor(handler, text);
        anchor.addClassName("usage-download");
        anchor.getElement().setAttribute("title", byteOrderMark ? "UTF-8 with a byte-order mark" : "UTF-8");
        return anchor;
    }
}
