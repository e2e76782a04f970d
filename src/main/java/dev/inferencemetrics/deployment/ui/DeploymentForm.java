package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import dev.inferencemetrics.tenant.ui.TenantChooser;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/** The fields of a new deployment, with the product's default SLOs filled in. */
class DeploymentForm extends FormLayout {

    static final String SLUG_PATTERN = DeploymentDefinition.SLUG_PATTERN;

    final TenantChooser tenant;
    final TextField slug = new TextField("Slug (used in URLs and the API)");
    final DeploymentSettingsFields settings = new DeploymentSettingsFields();
    final BigDecimalField priceInput = new BigDecimalField("Price per million input tokens");
    final BigDecimalField priceOutput = new BigDecimalField("Price per million output tokens");
    final TextField currency = new TextField("Currency");

    DeploymentForm(TenantService tenants, TenantScope scope) {
        tenant = new TenantChooser("Tenant", tenants, scope);
        // a deployment belongs to one tenant: there is no "every tenant" to clear to
        tenant.setClearButtonVisible(false);
        slug.setPattern(SLUG_PATTERN);
        slug.setHelperText("lower-case letters, digits and dashes");
        settings.engine.setHelperText("vLLM, SGLang, NVIDIA NIM, NVIDIA Dynamo, …");
        settings.sloTtft.setValue(DeploymentDefinition.DEFAULT_SLO_TTFT_P95_MS);
        settings.sloItl.setValue(DeploymentDefinition.DEFAULT_SLO_ITL_P95_MS);
        settings.sloErrorRate.setValue(DeploymentDefinition.DEFAULT_SLO_ERROR_RATE_PCT);
        priceInput.setValue(BigDecimal.ZERO);
        priceOutput.setValue(BigDecimal.ZERO);
        currency.setValue("USD");
        currency.setPattern("[A-Z]{3}");
        add(tenant, slug);
        add(settings.inOrder());
        add(priceInput, priceOutput, currency);
    }

    /** Reads the tenants anew (one was added, renamed or archived), and picks the first if none is chosen. */
    void tenantsChanged() {
        tenant.getLazyDataView().refreshAll();
        if (tenant.getValue() == null) {
            tenant.first().ifPresent(tenant::setValue);
        }
    }

    /** The definition, or a sentence saying what is missing or wrong. */
    Result read() {
        TenantSummary owner = tenant.getValue();
        if (owner == null) {
            return Result.problem("Create a tenant first.");
        }
        if (!slug.getValue().matches(SLUG_PATTERN)) {
            return Result.problem("The slug takes lower-case letters, digits and dashes.");
        }
        for (TextField field : List.of(settings.displayName, settings.model, settings.engine, settings.region)) {
            if (field.getValue().isBlank()) {
                return Result.problem(field.getLabel() + " is required.");
            }
        }
        if (!positive(settings.sloTtft.getValue()) || !positive(settings.sloItl.getValue())) {
            return Result.problem("SLO thresholds must be above zero.");
        }
        if (!percentage(settings.sloErrorRate.getValue())) {
            return Result.problem("The error-rate SLO is a percentage above 0 and at most 100.");
        }
        if (negative(priceInput.getValue()) || negative(priceOutput.getValue())) {
            return Result.problem("Prices must not be negative.");
        }
        if (!currency.getValue().matches("[A-Z]{3}")) {
            return Result.problem("The currency is a three-letter code such as USD or EUR.");
        }
        return new Result(
                Optional.of(new DeploymentDefinition(
                                owner.id(),
                                slug.getValue(),
                                settings.displayName.getValue().trim(),
                                settings.model.getValue().trim(),
                                settings.engine.getValue().trim(),
                                settings.region.getValue().trim())
                        .withSlos(settings.sloTtft.getValue(), settings.sloItl.getValue())
                        .withErrorRateLimit(settings.sloErrorRate.getValue())
                        .withPrices(priceInput.getValue(), priceOutput.getValue(), currency.getValue())),
                "");
    }

    private static boolean positive(BigDecimal value) {
        return value != null && value.signum() > 0;
    }

    private static boolean percentage(BigDecimal value) {
        return positive(value) && value.compareTo(BigDecimal.valueOf(100)) <= 0;
    }

    private static boolean negative(BigDecimal value) {
        return value == null || value.signum() < 0;
    }

    record Result(Optional<DeploymentDefinition> definition, String problem) {
        static Result problem(String problem) {
            return new Result(Optional.empty(), problem);
        }
    }
}
