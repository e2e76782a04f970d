package dev.inferencemetrics.compare.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import dev.inferencemetrics.base.ui.NarrowScreen;
import dev.inferencemetrics.compare.Delta;
import java.util.List;

/** The deltas of B against A, one row per figure, coloured by whether B is better or worse beyond the noise. */
class DeltaTable extends Grid<Delta> {

    DeltaTable() {
        addClassName("compare-deltas");
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
        Column<Delta> figure = addColumn(Delta::label).setHeader("Figure").setAutoWidth(true);
        Column<Delta> a = addColumn(delta -> DeltaText.value(delta, delta.a()))
                .setHeader("A")
                .setTextAlign(ColumnTextAlign.END);
        Column<Delta> b = addColumn(delta -> DeltaText.value(delta, delta.b()))
                .setHeader("B")
                .setTextAlign(ColumnTextAlign.END);
        addColumn(DeltaText::change).setHeader("B − A").setTextAlign(ColumnTextAlign.END);
        Column<Delta> verdict = addColumn(DeltaText::verdict)
                .setHeader("Larger than the noise?")
                .setAutoWidth(true);
        setPartNameGenerator(DeltaText::className);
        // a phone keeps the figure and the change, coloured by the verdict, so the table fits its width
        NarrowScreen.follow(this, narrow -> {
            a.setVisible(!narrow);
            b.setVisible(!narrow);
            verdict.setVisible(!narrow);
            figure.setAutoWidth(!narrow);
        });
    }

    void show(List<Delta> deltas) {
        setItems(deltas);
    }
}
