package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Location;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.billing.BillingTenant;
import dev.inferencemetrics.billing.UsageGrouping;
import dev.inferencemetrics.billing.UsageLines;
import dev.inferencemetrics.billing.UsagePeriod;
import dev.inferencemetrics.billing.UsageReport;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Token usage and cost for a period: totals, a daily chart, a table per deployment (or per consumer, consumer and
 * deployment, or adapter, as "Group by" picks) and per day, downloads that follow the grouping. The period, the
 * grouping and (for operators) the tenant live in the address, so back and forward step through them and a link
 * shares them.
 */
@Route(UsageView.ROUTE)
@Menu(order = 1, title = "Usage", icon = "vaadin:invoice")
@PageTitle("Usage · Inference Metrics")
@PermitAll
public class UsageView extends VerticalLayout implements BeforeEnterObserver {

    static final String ROUTE = "usage";
    static final String TENANT = "tenant";
    static final String BY = "by";

    final Select<BillingTenant> tenant = new Select<>();
    final ComboBox<ZoneId> timeZone = new ComboBox<>("Billing time zone");
    final PeriodPicker period;
    final UsageCards cards = new UsageCards();
    final UsageCharts charts = new UsageCharts();
    final Select<UsageGrouping> groupBy = new Select<>();
    final UsageTables tables;
    final UsageLineTable lines;
    final Paragraph days = new Paragraph();
    final UsageDownloads downloads;
    private final UsageService usage;
    private final TenantScope scope;
    private final SignedInUser user;
    private final OperatorAccessAudit audit;
    private final boolean operator;
    // read by the download handlers, which run outside the UI's lock
    private volatile UsageSelection selection;
    private boolean followingAddress;

    public UsageView(UsageService usage, CurrentUser currentUser, OperatorAccessAudit audit) {
        this.usage = usage;
        SignedInUser user = currentUser.require();
        this.user = user;
        this.audit = audit;
        this.scope = user.scope();
        this.operator = user.role() == Role.OPERATOR;
        List<BillingTenant> visible = usage.tenants(scope);
        @Nullable BillingTenant own = operator || visible.isEmpty() ? null : visible.getFirst();
        selection = new UsageSelection(UsagePeriod.thisMonth(usage.today(own)), own, UsageGrouping.DEPLOYMENT);
        period = new PeriodPicker(() -> usage.today(selection.tenant()), picked -> pick(picked, selection.tenant()));
        tables = new UsageTables(usage, scope, operator, () -> selection);
        lines = new UsageLineTable(operator);
        groupBy.setLabel("Group by");
        groupBy.addClassName("usage-group-by");
        groupBy.setItems(UsageGrouping.values());
        groupBy.setItemLabelGenerator(UsageGrouping::label);
        groupBy.setValue(UsageGrouping.DEPLOYMENT);
        groupBy.addValueChangeListener(event -> {
            if (!followingAddress && event.getValue() != null) {
                selection = new UsageSelection(selection.period(), selection.tenant(), event.getValue());
                pick(period.period(), selection.tenant());
            }
        });
        downloads = new UsageDownloads(usage, scope, () -> selection);
        HorizontalLayout toolbar = new HorizontalLayout(period, groupBy);
        toolbar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        toolbar.addClassName("metrics-toolbar");
        if (operator) {
            tenant.setLabel("Tenant");
            tenant.addClassName("usage-tenant");
            tenant.setItems(visible);
            tenant.setItemLabelGenerator(t -> t == null ? "All tenants" : t.name());
            tenant.setEmptySelectionAllowed(true);
            tenant.setEmptySelectionCaption("All tenants");
            tenant.addValueChangeListener(event -> {
                if (!followingAddress) {
                    pick(period.period(), current(event.getValue()));
                }
            });
            timeZone.setItems(usage.billingTimeZones());
            timeZone.setItemLabelGenerator(ZoneId::getId);
            timeZone.setHelperText("Where the tenant's billing days start");
            timeZone.addValueChangeListener(event -> {
                if (event.isFromClient() && event.getValue() != null) {
                    changeTimeZone(event.getValue());
                }
            });
            toolbar.addComponentAtIndex(0, tenant);
            toolbar.addComponentAtIndex(1, timeZone);
        }
        if (user.role() != Role.TENANT_VIEWER) {
            toolbar.add(downloads);
        }
        days.addClassName("updated-at");
        addClassName("usage-view");
        add(new H1("Usage"), toolbar, days, cards, charts, lines, tables);
    }

    /** Shows what the address names: on first opening, a shared link, and back or forward. */
    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        Map<String, List<String>> query =
                event.getLocation().getQueryParameters().getParameters();
        followingAddress = true;
        @Nullable BillingTenant shown = selection.tenant();
        if (operator) {
            @Nullable
            String slug =
                    query.getOrDefault(TENANT, List.of()).stream().findFirst().orElse(null);
            BillingTenant listed = tenant.getListDataView()
                    .getItems()
                    .filter(t -> t.slug().equals(slug))
                    .findFirst()
                    .orElse(null);
            tenant.setValue(listed);
            shown = current(listed);
        }
        UsageGrouping grouping = query.getOrDefault(BY, List.of()).stream()
                .findFirst()
                .flatMap(UsageGrouping::fromCode)
                .orElse(UsageGrouping.DEPLOYMENT);
        groupBy.setValue(grouping);
        // "this month" is read in the calendar of the tenant shown
        selection = new UsageSelection(selection.period(), shown, grouping);
        period.showQuery(query);
        followingAddress = false;
        show(period.period(), shown);
    }

    /** What the page shows, and so what its downloads hold. */
    UsageSelection selection() {
        return selection;
    }

    /** The page's address for what it shows, as a link to share. */
    String address() {
        return addressOf(selection.tenant()).getPathWithQueryParameters();
    }

    private Location addressOf(@Nullable BillingTenant shown) {
        Map<String, String> query = new LinkedHashMap<>(period.query());
        if (operator && shown != null) {
            query.put(TENANT, shown.slug());
        }
        if (selection.grouping() != UsageGrouping.DEPLOYMENT) {
            query.put(BY, selection.grouping().code());
        }
        return new Location(ROUTE, QueryParameters.simple(query));
    }

    /** A choice made on the page: shown, and a step in the browser's history. */
    private void pick(UsagePeriod picked, @Nullable BillingTenant shown) {
        show(picked, shown);
        getUI().ifPresent(ui -> ui.getPage().getHistory().pushState(null, addressOf(shown)));
    }

    void changeTimeZone(ZoneId zone) {
        BillingTenant shown = selection.tenant();
        if (shown != null) {
            usage.changeTimeZone(scope, shown.id(), zone);
            show(period.period(), current(shown));
        }
    }

    /** The tenant as stored now: its billing time zone may have changed since the list was loaded. */
    private @Nullable BillingTenant current(@Nullable BillingTenant listed) {
        return listed == null ? null : usage.tenant(scope, listed.slug()).orElse(listed);
    }

    private void show(UsagePeriod picked, @Nullable BillingTenant tenantShown) {
        UsageGrouping grouping = selection.grouping();
        selection = new UsageSelection(picked, tenantShown, grouping);
        audit.opened(user, selection.tenantId(), "Usage " + picked.from() + " to " + picked.lastDay());
        UsageReport report = usage.report(scope, selection.tenantId(), picked);
        cards.show(report.total());
        charts.show(report);
        tables.show(report);
        tables.showPerDeployment(grouping == UsageGrouping.DEPLOYMENT);
        lines.show(
                selection,
                grouping == UsageGrouping.DEPLOYMENT
                        ? new UsageLines(List.of(), true)
                        : usage.lines(scope, selection.tenantId(), picked, grouping));
        if (operator) {
            timeZone.setVisible(tenantShown != null);
            timeZone.setValue(tenantShown == null ? null : tenantShown.timeZone());
        }
        String zone = tenantShown == null
                ? "each tenant's billing time zone"
                : tenantShown.timeZone().getId();
        days.setText(picked.from() + " to " + picked.lastDay() + " (" + picked.days() + " days from midnight in " + zone
                + "). Costs are rounded to cents here; downloads carry the exact amounts.");
    }
}
