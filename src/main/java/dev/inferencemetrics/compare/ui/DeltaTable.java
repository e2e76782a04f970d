package dev.inferencemetrics.compare.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import dev.inferencemetrics.compare.Delta;
import java.util.List;

/** The deltas of B against A, one row per figure, coloured by whether B is better or worse beyond the noise. */
class DeltaTable extends Grid<Delta> {

    DeltaTable() {
        addClassName("compare-deltas");
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
        addColumn(Delta::label).setHeader("Figure").setAutoWidth(true);
        addColumn(delta -> DeltaText.value(delta, delta.a())).setHeader("A").setTextAlign(ColumnTextAlign.END);
        addColumn(delta -> DeltaText.value(delta, delta.b())).setHeader("B").setTextAlign(ColumnTextAlign.END);
        addColumn(DeltaText::change).setHeader("B − A").setTextAlign(ColumnTextAlign.END);
        addColumn(DeltaText::verdict).setHeader("Larger than the noise?").setAutoWidth(true);
        setPartNameGenerator(DeltaText::className);
    }

    void show(List<Delta> deltas) {
        setItems(deltas);
    }
}
