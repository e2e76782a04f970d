package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.shared.Tooltip;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouterLink;
import dev.inferencemetrics.billing.CostOfTokens;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.ScrapedCoverage;
import dev.inferencemetrics.billing.ui.PricesView;
import java.util.Locale;

/**
 * The cost of the window's tokens, for operators: cost per million output tokens and per million good output tokens
 * (those of requests that met the goodput SLO), GPU cost, revenue and margin, with
 * the formula and an example; without a GPU cost, a link to where it is set.
 */
class CostCard extends Div {

    static final String FORMULA = "Cost per million output tokens = GPU cost ÷ output tokens × 10⁶ (the same as"
            + " hourly GPU cost ÷ output tokens per hour × 10⁶). GPU cost = GPUs per replica × replicas × price per"
            + " GPU-hour × hours; where the replicas come from scrapes, replicas × hours are the replica-hours scrapes"
            + " counted (Σ replicas that answered each minute ÷ 60). Per million good output tokens = GPU cost ÷ output tokens of the requests that met the"
            + " goodput SLO × 10⁶. Revenue: the tokens at their prices. Margin = revenue − GPU cost.";
    static final String EXAMPLE = "At USD 3.00 per hour and 4,000 tokens/s: USD 0.21 per million.";
    static final String NO_COST = "No GPU cost is set for this deployment, so the cost of its tokens is unknown.";

    final Span value = new Span();
    final Div details = new Div();
    final Div emptyState = new Div();

    CostCard(String deploymentSlug) {
        addClassNames("metric-card", "cost-card");
        Span name = new Span("Cost per Mtok output");
        name.addClassName("metric-card__title");
        value.addClassName("metric-card__value");
        details.addClassName("metric-card__details");
        Paragraph explanation = new Paragraph(FORMULA + " " + EXAMPLE);
        explanation.addClassName("cost-card__explanation");
        RouterLink setCost = new RouterLink("Set its GPU cost on the Prices page", PricesView.class);
        setCost.setQueryParameters(QueryParameters.of(PricesView.DEPLOYMENT_PARAMETER, deploymentSlug));
        emptyState.add(new Span(NO_COST + " "), setCost);
        emptyState.addClassName("empty-state");
        add(name, value, details, emptyState, explanation);
        Tooltip.forComponent(this).withText(FORMULA);
    }

    void show(CostOfTokens cost) {
        emptyState.setVisible(!cost.costKnown());
        value.setText(cost.costKnown() ? MoneyFormat.cents(cost.costPerMtokOutput()) : "–");
        details.removeAll();
        details.add(new Div("GPU cost " + MoneyFormat.cents(cost.gpuCost())));
        if (cost.scraped().any()) {
            Div scraped = new Div(scrapedText(cost.scraped()));
            scraped.addClassName("cost-card__scraped");
            details.add(scraped);
        }
        details.add(
                new Div(String.format(Locale.ROOT, "%,d output tokens", cost.outputTokens())),
                new Div("Per Mtok good output "
                        + (cost.costKnown() ? MoneyFormat.cents(cost.costPerMtokGoodOutput()) : "–")
                        + String.format(Locale.ROOT, " (%,d good output tokens)", cost.goodOutputTokens())),
                new Div("Revenue " + MoneyFormat.cents(cost.revenue())),
                new Div("Margin " + (cost.costKnown() ? MoneyFormat.cents(cost.margin()) : "–")));
    }

    /** What a GPU cost read from scrapes rests on; when some minutes had no replica answering, that it covers fewer. */
    static String scrapedText(ScrapedCoverage scraped) {
        String text = "Replicas from scrapes: " + scraped.text();
        return scraped.partial()
                ? text + "; no replica answered in the other minutes, so the GPU cost covers only the scraped minutes"
                : text;
    }
}
