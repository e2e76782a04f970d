package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.tabs.Tab;
import com.vaadin.flow.component.tabs.TabSheet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The deployment page's tabs, the open one named in the page's address ({@code ?tab=sources}; none for the first),
 * so a link opens the tab it was copied from.
 */
final class PageTabs extends TabSheet {

    private final PageAddress address;
    private final Map<String, Tab> byName = new LinkedHashMap<>();

    PageTabs(PageAddress address) {
        this.address = address;
        setWidthFull();
        addSelectedChangeListener(change -> {
            // the panel scrolls within the sheet: a tab opened after scrolling another starts at its own top
            getElement()
                    .executeJs("const content = this.shadowRoot.querySelector('[part=content]');"
                            + " if (content) { content.scrollTop = 0; }"
                            + " if (this.getBoundingClientRect().top < 0) { this.scrollIntoView(); }");
            if (change.isFromClient()) {
                String name = nameOf(change.getSelectedTab());
                address.put(PageAddress.TAB, byName.keySet().iterator().next().equals(name) ? null : name);
            }
        });
    }

    /**
     * vaadin-tabs keeps its scroll container focusable (tabindex -1) between the tab list and its tabs, which axe-core
     * reports as a tab list owning a child that is no tab (aria-required-children). The tabs themselves take focus,
     * so without the attribute no browser makes the container a focus stop.
     */
    @Override
    protected void onAttach(AttachEvent attach) {
        super.onAttach(attach);
        getElement()
                .executeJs("const tabs = this.querySelector('vaadin-tabs');"
                        + " if (tabs) { tabs.updateComplete.then(() =>"
                        + " tabs.shadowRoot.getElementById('scroll').removeAttribute('tabindex')); }");
    }

    @Override
    public Tab add(String label, Component content) {
        Tab tab = super.add(label, content);
        byName.put(name(label), tab);
        return tab;
    }

    /** Opens the tab the address names, if this person has it. */
    void openNamed() {
        address.get(PageAddress.TAB).map(byName::get).ifPresent(this::setSelectedTab);
    }

    /** "SLOs and alerts" is {@code slos-and-alerts} in the address. */
    static String name(String label) {
        return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    private String nameOf(Tab tab) {
        return byName.entrySet().stream()
                .filter(entry -> entry.getValue().equals(tab))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse("");
    }
}
