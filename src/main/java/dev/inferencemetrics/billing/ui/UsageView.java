package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.streams.DownloadHandler;
import dev.inferencemetrics.billing.BillingTenant;
import dev.inferencemetrics.billing.UsageFormat;
import dev.inferencemetrics.billing.UsagePeriod;
import dev.inferencemetrics.billing.UsageReport;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.TenantScope;
import jakarta.annotation.security.PermitAll;
import java.io.OutputStream;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Token usage and cost for a period: totals, a daily chart, per-deployment and per-day tables, downloads. */
@Route("usage")
@PageTitle("Usage · Inference Metrics")
@PermitAll
public class UsageView extends VerticalLayout {

    /** What is shown; the download handlers read it from their own thread. */
    private record Selection(UsagePeriod period, @Nullable BillingTenant tenant) {}

    final Select<BillingTenant> tenant = new Select<>();
    final PeriodPicker period;
    final UsageCards cards = new UsageCards();
    final UsageCharts charts = new UsageCharts();
    final UsageTables tables;
    final Paragraph days = new Paragraph();
    final HorizontalLayout downloads = new HorizontalLayout();
    private final UsageService usage;
    private final TenantScope scope;
    private volatile Selection selection;

    public UsageView(UsageService usage, CurrentUser currentUser) {
        this.usage = usage;
        SignedInUser user = currentUser.require();
        this.scope = user.scope();
        boolean operator = user.role() == Role.OPERATOR;
        List<BillingTenant> visible = usage.tenants(scope);
        @Nullable BillingTenant own = operator || visible.isEmpty() ? null : visible.getFirst();
        period = new PeriodPicker(() -> usage.today(currentTenant()), picked -> show(picked, currentTenant()));
        tables = new UsageTables(operator);
        selection = new Selection(UsagePeriod.thisMonth(usage.today(own)), own);
        HorizontalLayout toolbar = new HorizontalLayout(period);
        toolbar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        toolbar.addClassName("metrics-toolbar");
        if (operator) {
            tenant.setLabel("Tenant");
            tenant.setItems(visible);
            tenant.setItemLabelGenerator(t -> t == null ? "All tenants" : t.name());
            tenant.setEmptySelectionAllowed(true);
            tenant.setEmptySelectionCaption("All tenants");
            tenant.addValueChangeListener(event -> show(period.period(), event.getValue()));
            toolbar.addComponentAsFirst(tenant);
        }
        if (user.role() != Role.TENANT_VIEWER) {
            downloads.add(download(UsageFormat.CSV), download(UsageFormat.JSON));
            toolbar.add(downloads);
        }
        days.addClassName("updated-at");
        addClassName("usage-view");
        add(new H2("Usage"), toolbar, days, cards, charts, tables);
        show(selection.period(), own);
    }

    private @Nullable BillingTenant currentTenant() {
        return selection.tenant();
    }

    private void show(UsagePeriod picked, @Nullable BillingTenant tenantShown) {
        selection = new Selection(picked, tenantShown);
        UsageReport report = usage.report(scope, tenantId(selection), picked);
        cards.show(report.total());
        charts.show(report);
        tables.show(report);
        String zone = tenantShown == null
                ? "each tenant's billing time zone"
                : tenantShown.timeZone().getId();
        days.setText(picked.from() + " to " + picked.lastDay() + " (" + picked.days() + " days from midnight in " + zone
                + "). Costs are rounded to cents here; downloads carry the exact amounts.");
    }

    private Anchor download(UsageFormat format) {
        DownloadHandler handler = event -> {
            Selection current = selection;
            event.setFileName("usage-"
                    + (current.tenant() == null ? "all" : current.tenant().slug()) + "-"
                    + current.period().from() + "-" + current.period().lastDay() + "." + format.code());
            event.setContentType(format.contentType());
            try (OutputStream out = event.getOutputStream()) {
                usage.export(scope, tenantId(current), current.period(), format, out);
            }
        };
        Anchor anchor = new Anchor(handler, "Download " + format.name());
        anchor.addClassName("usage-download");
        return anchor;
    }

    private static @Nullable Long tenantId(Selection selection) {
        return selection.tenant() == null ? null : selection.tenant().id();
    }
}
