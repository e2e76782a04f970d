package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.metrics.IngestSnippets;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.otlp.VllmTracesSnippet;
import dev.inferencemetrics.scrape.ScrapeTargetSnippet;
import java.time.Duration;
import java.util.Optional;

/** The Overview tab: what the deployment is, its SLOs and prices, and how to send it data. */
class DeploymentOverview extends VerticalLayout {

    DeploymentOverview(
            DeploymentRef deployment,
            TokenPrice price,
            OtlpNames otlpNames,
            Optional<Duration> rawRetention,
            String baseUrl) {
        setPadding(false);
        Div facts = new Div();
        facts.addClassName("deployment-facts");
        fact(facts, "Model", deployment.model());
        fact(facts, "Engine", deployment.engine());
        fact(facts, "Region", deployment.region());
        fact(
                facts,
                "SLO: TTFT p95",
                MetricFormat.latency(deployment.sloTtftP95Ms().doubleValue()));
        fact(
                facts,
                "SLO: ITL p95",
                MetricFormat.latency(deployment.sloItlP95Ms().doubleValue()));
        fact(
                facts,
                "SLO: error rate",
                deployment.sloErrorRatePct().stripTrailingZeros().toPlainString() + " %");
        fact(
                facts,
                "Price per million tokens",
                MoneyFormat.exact(price.inputPerMtok()) + " input · " + MoneyFormat.exact(price.outputPerMtok())
                        + " output " + price.currency());
        rawRetention.ifPresent(kept -> fact(
                facts,
                "Rollups only",
                "raw requests are kept " + kept.toHours() + " h: older intervals cannot be drilled down to their"
                        + " requests (charts, cards, usage and alerts are unaffected)"));
        IngestSnippets snippets = new IngestSnippets(baseUrl, deployment.slug());
        add(facts, new H2("Send data"), snippet("curl", snippets.curl()), snippet("Python", snippets.python()));
        VllmTracesSnippet vllm = new VllmTracesSnippet(baseUrl, otlpNames, deployment.model());
        add(new H2("Point vLLM at it (OpenTelemetry traces)"), snippet("vLLM", vllm.shell()));
        add(
                new H2("Scrape its engines' /metrics"),
                new Paragraph("KV-cache use, queue depth and prefix-cache hits, from each replica's Prometheus"
                        + " endpoint (vLLM, SGLang, NVIDIA NIM, NVIDIA Dynamo). An operator first puts the engines'"
                        + " network on the scrape allow-list; then add a target per replica on the Sources tab, or"
                        + " with a key that has the scope sources:write:"),
                snippet("scrape target", new ScrapeTargetSnippet(baseUrl, deployment.slug()).curl()));
    }

    private static void fact(Div facts, String name, String value) {
        Div row = new Div(new Div(name), new Div(value));
        row.addClassName("deployment-fact");
        facts.add(row);
    }

    private static Div snippet(String language, String code) {
        Pre pre = new Pre(code);
        pre.addClassName("snippet");
        Button copy = new Button("Copy " + language, VaadinIcon.COPY.create());
        copy.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        copy.addClickListener(click -> copy.getElement().executeJs("navigator.clipboard.writeText($0)", code));
        Div block = new Div(copy, pre);
        block.addClassName("snippet-block");
        return block;
    }
}
