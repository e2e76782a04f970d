package dev.inferencemetrics.compare.ui;

import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.compare.SideFilter;
import dev.inferencemetrics.rollup.Dimension;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The requests one side covers: all, or one consumer's, adapter's or priority's; kept in the address as
 * {@code aConsumer=acme} and its kin.
 */
class SideFilterField extends HorizontalLayout {

    final Select<Optional<Dimension>> dimension = new Select<>();
    final TextField value = new TextField();

    private final String side;

    SideFilterField(String side, String label) {
        this.side = side;
        dimension.setLabel(label + " covers");
        dimension.setItems(
                Optional.empty(),
                Optional.of(Dimension.CONSUMER),
                Optional.of(Dimension.ADAPTER),
                Optional.of(Dimension.PRIORITY));
        dimension.setItemLabelGenerator(
                chosen -> chosen.map(d -> "one " + d.code()).orElse("all requests"));
        dimension.setValue(Optional.empty());
        value.setLabel("Value");
        value.setPlaceholder("acme");
        value.setEnabled(false);
        dimension.addValueChangeListener(
                change -> value.setEnabled(change.getValue().isPresent()));
        setPadding(false);
        setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        addClassName("compare-filter");
        add(dimension, value);
    }

    /** Shows the filter the address names for this side, if any. */
    void show(Map<String, String> parameters) {
        Arrays.stream(Dimension.values())
                .filter(d -> parameters.containsKey(SideFilter.parameter(side, d)))
                .findFirst()
                .ifPresent(d -> {
                    dimension.setValue(Optional.of(d));
                    value.setValue(parameters.get(SideFilter.parameter(side, d)));
                });
    }

    /** Puts this side's filter into an address, replacing the one it named. */
    void putInto(Map<String, String> parameters) {
        for (Dimension d : Dimension.values()) {
            parameters.remove(SideFilter.parameter(side, d));
        }
        dimension
                .getValue()
                .filter(d -> !value.getValue().isBlank())
                .ifPresent(d -> parameters.put(
                        SideFilter.parameter(side, d), value.getValue().trim()));
    }
}
