package dev.inferencemetrics.imports.ui;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.DeploymentTab;
import dev.inferencemetrics.imports.BenchmarkImportService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import java.time.Clock;
import java.util.Optional;
import org.springframework.core.annotation.Order;

/** The deployment page's Import tab, for those who may write while the deployment is active. */
@org.springframework.stereotype.Component
@Order(1)
class ImportTab implements DeploymentTab {

    private final BenchmarkImportService imports;
    private final Clock clock;

    ImportTab(BenchmarkImportService imports, Clock clock) {
        this.imports = imports;
        this.clock = clock;
    }

    @Override
    public String label() {
        return "Import";
    }

    @Override
    public Optional<Component> tab(SignedInUser user, DeploymentRef deployment) {
        if (user.role() == Role.TENANT_VIEWER || !deployment.active()) {
            return Optional.empty();
        }
        return Optional.of(new ImportPanel(imports, user, deployment.slug(), clock));
    }
}
