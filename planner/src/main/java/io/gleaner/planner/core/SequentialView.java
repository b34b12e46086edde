package io.gleaner.planner.core;

import java.util.AbstractSequentialList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.ListIterator;
import java.util.function.Function;

/**
 * A read-only list of what {@code element} makes of each item of a collection, in its iteration order, made in
 * constant time: iterating it walks the collection (fail-fast if the collection changes meanwhile); positional
 * access and list iterators work on a copy. For {@link PlannerState#queue()}, which policies iterate from the
 * start and mostly leave early.
 */
final class SequentialView<S, E> extends AbstractSequentialList<E> {

    private final Collection<S> items;
    private final Function<S, E> element;

    SequentialView(Collection<S> items, Function<S, E> element) {
        this.items = items;
        this.element = element;
    }

    @Override
    public Iterator<E> iterator() {
        var source = items.iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return source.hasNext();
            }

            @Override
            public E next() {
                return element.apply(source.next());
            }
        };
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        var copy = new ArrayList<E>(items.size());
        iterator().forEachRemaining(copy::add);
        return Collections.unmodifiableList(copy).listIterator(index);
    }

    @Override
    public int size() {
        return items.size();
    }
}
