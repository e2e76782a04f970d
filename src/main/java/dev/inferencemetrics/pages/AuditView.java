package dev.inferencemetrics.pages;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.audit.AuditQuery;
import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.base.ui.LookBack;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import dev.inferencemetrics.tenant.ui.TenantChooser;
import jakarta.annotation.security.RolesAllowed;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.stream.Stream;

/** Operators browse security-relevant events, newest first, narrowed by period, kind, tenant and actor. */
@Route("admin/audit")
@Menu(order = 10, title = "Audit log", icon = "vaadin:records")
@PageTitle("Audit log · Inference Metrics")
@RolesAllowed("OPERATOR")
public class AuditView extends VerticalLayout {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'");

    final Select<LookBack> period = new Select<>();
    final ComboBox<AuditKind> kind = new ComboBox<>("Event");
    final TenantChooser tenant;
    final TextField actor = new TextField("Actor");
    final Grid<AuditEntry> entries = new Grid<>();
    final Paragraph summary = new Paragraph();
    private final AuditLog log;
    private final TenantScope scope;
    private final Clock clock;

    public AuditView(AuditLog log, TenantService tenants, CurrentUser currentUser, Clock clock) {
        this.log = log;
        this.scope = currentUser.require().scope();
        this.clock = clock;
        period.setLabel("Period");
        period.setItems(LookBack.values());
        period.setItemLabelGenerator(LookBack::label);
        period.setValue(LookBack.DAY);
        kind.setItems(AuditKind.values());
        kind.setItemLabelGenerator(AuditKind::label);
        kind.setClearButtonVisible(true);
        kind.setPlaceholder("All events");
        tenant = new TenantChooser("Tenant", tenants, scope);
        tenant.setPlaceholder("All tenants");
        actor.setPlaceholder("Name contains…");
        actor.setValueChangeMode(ValueChangeMode.LAZY);
        actor.setClearButtonVisible(true);
        period.addValueChangeListener(change -> refresh());
        kind.addValueChangeListener(change -> refresh());
        tenant.addValueChangeListener(change -> refresh());
        actor.addValueChangeListener(change -> refresh());
        Button reload = new Button("Refresh", VaadinIcon.REFRESH.create(), click -> refresh());
        HorizontalLayout filters = new HorizontalLayout(period, kind, tenant, actor, reload);
        filters.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        summary.addClassName("audit-summary");
        configureGrid();
        setSizeFull();
        add(new H1("Audit log"), filters, summary, entries);
        refresh();
    }

    private void configureGrid() {
        entries.addColumn(entry -> TIME.format(entry.occurredAt().atOffset(ZoneOffset.UTC)))
                .setHeader("Time")
                .setAutoWidth(true);
        entries.addColumn(entry -> entry.kind().label()).setHeader("Event").setAutoWidth(true);
        entries.addColumn(entry -> entry.tenant() == null ? "—" : entry.tenant())
                .setHeader("Tenant")
                .setAutoWidth(true);
        entries.addColumn(AuditEntry::actor).setHeader("Actor").setAutoWidth(true);
        entries.addColumn(entry -> entry.clientAddress() == null ? "—" : entry.clientAddress())
                .setHeader("Address")
                .setAutoWidth(true);
        entries.addColumn(AuditEntry::detail)
                .setHeader("Detail")
                .setTooltipGenerator(AuditEntry::detail)
                .setFlexGrow(1);
        entries.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        entries.setEmptyStateText("No events match these filters.");
        entries.setSizeFull();
    }

    /** Reads the events the filters choose a page at a time, as the grid scrolls, however many there are. */
    private void refresh() {
        LookBack chosen = period.getValue();
        TenantSummary shownTenant = tenant.getValue();
        AuditQuery query = new AuditQuery(
                clock.instant().minus(chosen.length()),
                kind.getValue(),
                shownTenant == null ? null : shownTenant.id(),
                actor.getValue(),
                AuditQuery.MAX_LIMIT);
        int found = log.count(scope, query);
        entries.setItems(page -> rows(query, page.getOffset(), page.getLimit()), page -> log.count(scope, query));
        summary.setText(NumberRules.COUNT.format((double) found) + (found == 1 ? " event" : " events") + " in the "
                + chosen.label().toLowerCase(Locale.ROOT) + ".");
    }

    private Stream<AuditEntry> rows(AuditQuery query, int offset, int limit) {
        // a query names at least one row; the grid may ask for none
        return limit == 0
                ? Stream.empty()
                : log.page(scope, query.withLimit(Math.min(limit, AuditQuery.MAX_LIMIT)), offset).stream();
    }
}
