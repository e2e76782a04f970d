package dev.inferencemetrics.slo.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.NumberField;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentGoodput;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.tenancy.TenantScope;

/**
 * The deployment's goodput SLO beside its objectives: the thresholds a request must meet to count as good (an empty
 * field is not judged), saved through the same service and validation as the API, which counts the kept history again.
 */
public class GoodputForm extends VerticalLayout {

    public final NumberField ttftMs = new NumberField("TTFT, ms");
    public final NumberField tpotMs = new NumberField("TPOT, ms");
    public final NumberField e2elMs = new NumberField("E2E, ms");
    public final Button save = new Button("Save");
    public final Span message = new Span();
    private final GoodputService goodputs;
    private final TenantScope scope;
    private final String deployment;

    public GoodputForm(GoodputService goodputs, TenantScope scope, String deployment) {
        this.goodputs = goodputs;
        this.scope = scope;
        this.deployment = deployment;
        setPadding(false);
        save.addClickListener(click -> save());
        HorizontalLayout row = new HorizontalLayout(ttftMs, tpotMs, e2elMs, save);
        row.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        row.setWrap(true);
        message.addClassName("form-message");
        add(
                new H2("Goodput"),
                new Paragraph("A request is good when it ended ok, was not cut short by its token budget and meets"
                        + " every threshold given: TTFT, time per output token ((E2E − TTFT) ÷ (output tokens − 1))"
                        + " and E2E, as vLLM's benchmark judges --goodput. Saving counts the requests still kept"
                        + " again."),
                row,
                message);
        show(goodputs.of(scope, deployment));
    }

    private void show(DeploymentGoodput goodput) {
        ttftMs.setValue(goodput.slo().ttftMs());
        tpotMs.setValue(goodput.slo().tpotMs());
        e2elMs.setValue(goodput.slo().e2elMs());
    }

    private void save() {
        if (ttftMs.isInvalid() || tpotMs.isInvalid() || e2elMs.isInvalid()) {
            message.setText("Not saved: a threshold is a number of milliseconds, or empty.");
            return;
        }
        try {
            DeploymentGoodput saved = goodputs.change(
                    scope, deployment, new GoodputSlo(ttftMs.getValue(), tpotMs.getValue(), e2elMs.getValue()));
            show(saved);
            message.setText("Saved: goodput " + saved.slo().describe()
                    + (saved.countedFrom() == null
                            ? "; every request counted with it."
                            : "; requests from " + saved.countedFrom() + " on counted with it."));
        } catch (UnusableValueException e) {
            message.setText("Not saved: " + e.getMessage());
        }
    }
}
