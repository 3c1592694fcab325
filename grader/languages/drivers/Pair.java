// LeetCode's Java has javafx.util.Pair in scope; the JDK has no JavaFX, so this is its
// equivalent, given to a file that uses Pair and declares none of its own.
public class Pair<K, V> implements java.io.Serializable {
    private final K key;
    private final V value;

    public Pair(K key, V value) {
        this.key = key;
        this.value = value;
    }

    public K getKey() {
        return key;
    }

    public V getValue() {
        return value;
    }

    @Override
    public String toString() {
        return key + "=" + value;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hashCode(key) * 13 + java.util.Objects.hashCode(value);
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) return true;
        if (!(other instanceof Pair)) return false;
        Pair<?, ?> pair = (Pair<?, ?>) other;
        return java.util.Objects.equals(key, pair.key) && java.util.Objects.equals(value, pair.value);
    }
}
