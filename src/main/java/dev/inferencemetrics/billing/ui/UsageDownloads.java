package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.server.streams.DownloadHandler;
import dev.inferencemetrics.billing.UsageFormat;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.security.TenantScope;
import java.io.OutputStream;
import java.util.function.Supplier;

/** Download CSV and Download JSON of what the page shows, streamed from the database into the response. */
class UsageDownloads extends HorizontalLayout {

    UsageDownloads(UsageService usage, TenantScope scope, Supplier<UsageSelection> shown) {
        setPadding(false);
        for (UsageFormat format : UsageFormat.values()) {
            DownloadHandler handler = event -> {
                UsageSelection selection = shown.get();
                event.setFileName(selection.fileName(format.code()));
                event.setContentType(format.contentType());
                try (OutputStream out = event.getOutputStream()) {
                    usage.export(scope, selection.tenantId(), selection.period(), format, out);
                }
            };
            Anchor anchor = new Anchor(handler, "Download " + format.name());
            anchor.addClassName("usage-download");
            add(anchor);
        }
    }
}
