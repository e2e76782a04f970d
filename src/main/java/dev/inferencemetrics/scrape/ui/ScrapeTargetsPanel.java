package dev.inferencemetrics.scrape.ui;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.DetachEvent;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.tabs.TabSheet;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.shared.Registration;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.format.NumberRule;
import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.scrape.ScrapeTarget;
import dev.inferencemetrics.scrape.ScrapeTargetService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The Sources tab of a deployment (operators and tenant admins): its scrape targets with their health — last
 * success, last error in plain words, series read — a form to add one and a button to remove one.
 */
public class ScrapeTargetsPanel extends VerticalLayout {

    static final String INTRO = "The dashboard scrapes each replica's Prometheus /metrics (vLLM, SGLang, NVIDIA NIM,"
            + " NVIDIA Dynamo) for KV-cache use, requests running and waiting, prefix-cache hit rate and, when no"
            + " per-request source reports, bucketed latency. Targets must lie inside the operators' allow-list.";

    final Grid<ScrapeTarget> grid = new Grid<>();
    final TextField url = new TextField("URL of a replica's /metrics");
    final TextField replica = new TextField("Replica name (default host:port)");
    final IntegerField interval = new IntegerField("Interval, s");
    final IntegerField timeout = new IntegerField("Timeout, s");
    final PasswordField token = new PasswordField("Bearer token (optional, never shown again)");
    final Button add = new Button("Add target");
    final Span message = new Span();
    private final ScrapeTargetService targets;
    private final TenantScope scope;
    private final String deployment;
    private PageTimeZone zone = PageTimeZone.utcZone();
    private @Nullable Registration tabSelection;

    public ScrapeTargetsPanel(ScrapeTargetService targets, TenantScope scope, String deployment) {
        this.targets = targets;
        this.scope = scope;
        this.deployment = deployment;
        setPadding(false);
        url.setPlaceholder("http://vllm-0.inference.svc:8000/metrics");
        url.setWidth("28em");
        interval.setPlaceholder(Integer.toString(ScrapeTargetService.DEFAULT_INTERVAL_SECONDS));
        timeout.setPlaceholder(Integer.toString(ScrapeTargetService.DEFAULT_TIMEOUT_SECONDS));
        add.addClickListener(click -> addTarget());
        message.addClassName("form-message");
        HorizontalLayout form = new HorizontalLayout(url, replica, interval, timeout, token, add);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        form.setWrap(true);
        columns();
        add(new Paragraph(INTRO), grid, form, message);
    }

    /**
     * Health changes with every scrape: the page's opening and each later visit of the tab read it afresh, in the
     * page's time zone. A tab sheet keeps every tab attached, so a visit is its tab being selected.
     */
    @Override
    protected void onAttach(AttachEvent event) {
        super.onAttach(event);
        zone = PageTimeZone.of(event.getUI());
        refresh();
        getParent()
                .filter(TabSheet.class::isInstance)
                .map(TabSheet.class::cast)
                .ifPresent(tabs -> tabSelection = tabs.addSelectedChangeListener(change -> {
                    if (change.getSelectedTab() != null
                            && change.getSelectedTab().equals(tabs.getTab(this))) {
                        refresh();
                    }
                }));
    }

    @Override
    protected void onDetach(DetachEvent event) {
        if (tabSelection != null) {
            tabSelection.remove();
            tabSelection = null;
        }
        super.onDetach(event);
    }

    private void columns() {
        grid.addColumn(ScrapeTarget::replica).setHeader("Replica").setAutoWidth(true);
        grid.addColumn(ScrapeTarget::url).setHeader("URL").setFlexGrow(1);
        grid.addColumn(t -> t.intervalSeconds() + " s / " + t.timeoutSeconds() + " s")
                .setHeader("Interval / timeout");
        grid.addColumn(t -> time(t.lastSuccessAt())).setHeader("Last success").setAutoWidth(true);
        grid.addColumn(t -> t.lastError() == null ? "" : t.lastError())
                .setHeader("Last error")
                .setFlexGrow(1);
        grid.addColumn(t -> t.seriesRead() == null
                        ? NumberRule.NO_VALUE
                        : NumberRules.COUNT.format(t.seriesRead().doubleValue()))
                .setHeader("Series read");
        grid.addComponentColumn(t -> new Button("Remove", click -> remove(t))).setHeader("Remove");
        grid.setAllRowsVisible(true);
    }

    private void addTarget() {
        try {
            ScrapeTarget added = targets.add(
                    scope,
                    deployment,
                    url.getValue(),
                    replica.getValue(),
                    interval.getValue(),
                    timeout.getValue(),
                    token.getValue());
            message.setText("Added " + added.replica() + "; its first scrape follows within seconds.");
            url.clear();
            replica.clear();
            token.clear();
            refresh();
        } catch (UnusableValueException e) {
            message.setText("Not added: " + e.getMessage() + ".");
        }
    }

    private void remove(ScrapeTarget target) {
        targets.remove(scope, deployment, target.id());
        message.setText("Removed " + target.replica() + ".");
        refresh();
    }

    void refresh() {
        grid.setItems(targets.targets(scope, deployment));
    }

    private String time(@Nullable Instant instant) {
        return instant == null ? "never" : zone.format(instant);
    }
}
