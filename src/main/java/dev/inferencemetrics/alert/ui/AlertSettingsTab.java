package dev.inferencemetrics.alert.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.DeploymentTab;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.slo.ConsumerComplianceService;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.slo.ui.ConsumersOutsidePanel;
import dev.inferencemetrics.slo.ui.GoodputForm;
import dev.inferencemetrics.slo.ui.ObjectivesForm;
import java.time.Clock;
import java.util.Optional;
import org.springframework.core.annotation.Order;

/**
 * The deployment page's "SLOs and alerts" tab, for operators and the tenant's admins while the deployment is
 * active: its objectives and the consumers outside the TTFT one, its alert rules and its silences, each changed in
 * place.
 */
@org.springframework.stereotype.Component
@Order(10)
class AlertSettingsTab implements DeploymentTab {

    private final SloService slos;
    private final GoodputService goodputs;
    private final AlertService alerts;
    private final ConsumerComplianceService consumers;
    private final Clock clock;

    AlertSettingsTab(
            SloService slos,
            GoodputService goodputs,
            AlertService alerts,
            ConsumerComplianceService consumers,
            Clock clock) {
        this.slos = slos;
        this.goodputs = goodputs;
        this.consumers = consumers;
        this.alerts = alerts;
        this.clock = clock;
    }

    @Override
    public String label() {
        return "SLOs and alerts";
    }

    @Override
    public Optional<Component> tab(SignedInUser user, DeploymentRef deployment) {
        if (user.role() == Role.TENANT_VIEWER || !deployment.active()) {
            return Optional.empty();
        }
        VerticalLayout content = new VerticalLayout(
                new ObjectivesForm(slos, user.scope(), deployment.slug()),
                new ConsumersOutsidePanel(consumers, user.scope(), deployment.slug(), clock),
                new GoodputForm(goodputs, user.scope(), deployment.slug()),
                new RulesEditor(alerts, user.scope(), deployment.slug()),
                new SilencesPanel(alerts, user.scope(), deployment.slug(), clock, PageTimeZone.of(UI.getCurrent())));
        content.setPadding(false);
        content.addClassName("alert-settings");
        return Optional.of(content);
    }
}
