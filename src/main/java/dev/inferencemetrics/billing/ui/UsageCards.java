package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.UsageTotals;

/** The totals of the period: requests, input and output tokens, and cost per currency. */
class UsageCards extends Div {

    final Card requests = new Card("Requests");
    final Card inputTokens = new Card("Input tokens");
    final Card outputTokens = new Card("Output tokens");
    final Card cost = new Card("Cost");

    UsageCards() {
        addClassName("summary-cards");
        add(requests, inputTokens, outputTokens, cost);
    }

    void show(UsageTotals total) {
        requests.show(UsageText.count(total.requests()), UsageText.count(total.okRequests()) + " successful");
        inputTokens.show(UsageText.count(total.inputTokens()), MoneyFormat.cents(total.inputCost()));
        outputTokens.show(UsageText.count(total.outputTokens()), MoneyFormat.cents(total.outputCost()));
        cost.show(MoneyFormat.cents(total.cost()), "tokens × price per million ÷ 1,000,000");
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
