package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import dev.inferencemetrics.billing.CostOfTokens;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.UsageTotals;

/**
 * The totals of the period: requests, input and output tokens, cost per currency, goodput, and for operators what
 * the tokens cost to make (hidden for everyone else, whose totals carry no GPU cost).
 */
class UsageCards extends Div {

    final Card requests = new Card("Requests");
    final Card inputTokens = new Card("Input tokens");
    final Card outputTokens = new Card("Output tokens");
    final Card cost = new Card("Cost");
    final Card goodput = new Card("Goodput");
    final Card gpuCost = new Card("GPU cost");

    UsageCards() {
        addClassName("summary-cards");
        gpuCost.setVisible(false);
        add(requests, inputTokens, outputTokens, cost, goodput, gpuCost);
    }

    void show(UsageTotals total) {
        requests.show(UsageText.count(total.requests()), UsageText.count(total.okRequests()) + " successful");
        inputTokens.show(UsageText.count(total.inputTokens()), MoneyFormat.cents(total.inputCost()));
        outputTokens.show(UsageText.count(total.outputTokens()), MoneyFormat.cents(total.outputCost()));
        cost.show(MoneyFormat.cents(total.cost()), "tokens × price per million ÷ 1,000,000");
        goodput.show(
                UsageText.percent(total.goodputPct()),
                UsageText.count(total.goodRequests()) + " good of " + UsageText.count(total.countedRequests())
                        + " · token goodput " + UsageText.percent(total.tokenGoodputPct()));
        CostOfTokens gpu = total.gpu();
        gpuCost.setVisible(gpu != null);
        if (gpu != null) {
            gpuCost.show(
                    UsageCostColumns.text(gpu, CostOfTokens::gpuCost),
                    "per Mtok output " + UsageCostColumns.text(gpu, CostOfTokens::costPerMtokOutput)
                            + " · per Mtok good " + UsageCostColumns.text(gpu, CostOfTokens::costPerMtokGoodOutput)
                            + " · margin " + UsageCostColumns.text(gpu, CostOfTokens::margin)
                            + UsageCostColumns.scraped(gpu));
        }
    }

    static final class Card extends Div {

        final Span value = new Span();
        final Span detail = new Span();

        Card(String title) {
            Span heading = new Span(title);
            heading.addClassName("metric-card__title");
            value.addClassNames("metric-card__value", "usage-card__value");
            detail.addClassName("metric-card__details");
            addClassName("metric-card");
            add(heading, value, detail);
        }

        void show(String shown, String explanation) {
            value.setText(shown);
            detail.setText(explanation);
        }
    }
}
