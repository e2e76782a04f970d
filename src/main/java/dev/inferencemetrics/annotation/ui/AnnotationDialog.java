package dev.inferencemetrics.annotation.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.annotation.AnnotationDraft;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.deployment.DeploymentRef;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Adds an annotation: a text, a moment (or a range, with an end), and tags, in the page's time zone. */
class AnnotationDialog extends Dialog {

    /** Stores the checked draft. */
    interface Save {
        void save(AnnotationDraft draft);
    }

    final TextArea text = new TextArea("What happened");
    final DateTimePicker from = new DateTimePicker();
    final DateTimePicker to = new DateTimePicker();
    final TextField tags = new TextField("Tags (comma-separated, optional)");
    final Paragraph problem = new Paragraph();
    final Button add = new Button("Add annotation");
    private final PageTimeZone zone = PageTimeZone.of(UI.getCurrent());

    AnnotationDialog(DeploymentRef deployment, Instant at, Save save) {
        setHeaderTitle("Annotate " + deployment.displayName());
        addClassName("annotation-dialog");
        text.addClassName("annotation-text");
        text.setMaxLength(AnnotationDraft.MAX_TEXT);
        text.setPlaceholder("vLLM 0.11 rolled out");
        text.setWidthFull();
        // day before month, 24-hour clock, as the range pickers
        from.setLocale(Locale.UK);
        to.setLocale(Locale.UK);
        from.setLabel("At (" + zone.name() + ")");
        to.setLabel("Until (optional, for a range)");
        from.setValue(LocalDateTime.ofInstant(at.truncatedTo(ChronoUnit.MINUTES), zone.zone()));
        tags.addClassName("annotation-tags");
        tags.setPlaceholder("deploy, vllm");
        tags.setWidthFull();
        problem.addClassName("annotation-problem");
        problem.setVisible(false);
        add(new VerticalLayout(text, from, to, tags, problem));
        add.addClassName("annotation-add");
        add.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add.addClickListener(event -> submit(save));
        getFooter().add(new Button("Cancel", event -> close()), add);
    }

    private void submit(Save save) {
        try {
            save.save(draft());
            close();
        } catch (UnusableValueException e) {
            problem.setText(capitalised(e.getMessage()));
            problem.setVisible(true);
        }
    }

    private AnnotationDraft draft() {
        if (from.getValue() == null) {
            throw new UnusableValueException("pick when it happened");
        }
        Instant start = from.getValue().atZone(zone.zone()).toInstant();
        @Nullable
        Instant end =
                to.getValue() == null ? null : to.getValue().atZone(zone.zone()).toInstant();
        List<String> labels = Arrays.stream(tags.getValue().split(","))
                .map(String::strip)
                .filter(tag -> !tag.isEmpty())
                .toList();
        return new AnnotationDraft(start, end, text.getValue(), labels);
    }

    private static String capitalised(@Nullable String reason) {
        String said = reason == null ? "That cannot be stored." : reason;
        return said.isEmpty() ? said : Character.toUpperCase(said.charAt(0)) + said.substring(1) + ".";
    }
}
