package io.gpudoctor.engine.reason;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kie.api.KieBase;
import org.kie.api.definition.KiePackage;
import org.kie.api.definition.rule.Rule;

/**
 * The rule contract: every rule names its {@code @route} (the file it lives in) and either an
 * {@code @id} from the catalogue or a {@code @signal}; ordering attributes (salience, agenda groups)
 * are refused. Checked in two steps: the texts while the rules compile or load, then the compiled
 * rules' metadata.
 */
final class RuleContract {
  private RuleContract() {}

  /** What the texts alone tell: the catalogue and where each rule is declared. */
  record Texts(Catalogue catalogue, Map<String, Location> locations) {}

  record Location(String file, int line) {}

  private static final Location UNKNOWN = new Location("?", 0);

  static Texts checkTexts(RuleFiles files) throws RuleCompileException {
    List<RuleProblem> problems = new ArrayList<>();
    Catalogue catalogue = Catalogue.parse(files.catalogue(), files.display(RuleFiles.CATALOGUE), problems);
    if (files.drl().isEmpty()) {
      problems.add(new RuleProblem(files.origin(), 0, "no *.drl files"));
    }
    Map<String, Location> locations = locate(files, problems);
    if (!problems.isEmpty()) throw new RuleCompileException(problems);
    return new Texts(catalogue, locations);
  }

  /** The rule set as its reports and {@code rules} describe it, once the compiled rules keep the contract too. */
  static RuleSetDescription describe(RuleFiles files, Texts texts, KieBase kieBase) throws RuleCompileException {
    List<RuleProblem> problems = new ArrayList<>();
    List<RuleInfo> rules = new ArrayList<>();
    for (KiePackage pkg : kieBase.getKiePackages()) {
      for (Rule rule : pkg.getRules()) {
        rules.add(describe(rule, files, texts, problems));
      }
    }
    if (!problems.isEmpty()) throw new RuleCompileException(problems);
    rules.sort(Comparator.comparing(RuleInfo::file).thenComparingInt(RuleInfo::line).thenComparing(RuleInfo::name));
    return new RuleSetDescription(files.digest(), texts.catalogue().entries(), rules);
  }

  /** As {@link #describe(RuleFiles, Texts, KieBase)}, or null when the rules break the contract. */
  static RuleSetDescription describeIfKept(RuleFiles files, KieBase kieBase) {
    try {
      return describe(files, checkTexts(files), kieBase);
    } catch (RuleCompileException e) {
      return null; // reported by the run that loads them: it checks the texts when nothing is stored
    }
  }

  private static RuleInfo describe(Rule rule, RuleFiles files, Texts texts, List<RuleProblem> problems) {
    Location loc = texts.locations().getOrDefault(rule.getName(), UNKNOWN);
    String display = files.display(loc.file());
    Map<String, Object> meta = rule.getMetaData();
    String route = meta(meta, "route");
    String id = meta(meta, "id");
    String signal = meta(meta, "signal");
    String fileRoute = loc.file().endsWith(".drl") ? loc.file().substring(0, loc.file().length() - 4) : loc.file();
    if (route == null) {
      problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName() + "\" has no @route"));
    } else if (!route.equals(fileRoute)) {
      problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName() + "\" has @route(" + route
          + ") but lives in " + loc.file() + ": one DRL file per route"));
    }
    if ((id == null) == (signal == null)) {
      problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName()
          + "\" needs exactly one of @id (the finding it concludes) or @signal (the signal it derives)"));
    } else if (id != null && !texts.catalogue().contains(id)) {
      problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName() + "\" concludes @id(" + id
          + ") which is not in " + RuleFiles.CATALOGUE));
    }
    return new RuleInfo(rule.getName(), loc.file(), loc.line(), route, id, signal);
  }

  private static Map<String, Location> locate(RuleFiles files, List<RuleProblem> problems) {
    Map<String, Location> locations = new HashMap<>();
    Map<String, Location> types = new HashMap<>();
    Map<String, Location> functionClasses = new HashMap<>();
    files.drl().forEach((name, text) -> {
      RuleDeclarations declared = RuleDeclarations.scan(text);
      declared.types().forEach(t -> types.put(t.name(), new Location(name, t.line())));
      // The classic compiler makes each function a class of the package named by the function with
      // its first letter upper-cased: a declared type of that name then loses its constructor and
      // accessors to it, and only the classic build (the first run after an edit) fails.
      declared.functions().forEach(f -> functionClasses.put(
          Character.toUpperCase(f.name().charAt(0)) + f.name().substring(1), new Location(name, f.line())));
      for (RuleDeclarations.Declared rule : declared.rules()) {
        Location previous = locations.put(rule.name(), new Location(name, rule.line()));
        if (previous != null) {
          problems.add(new RuleProblem(files.display(name), rule.line(),
              "rule \"" + rule.name() + "\" is also declared in " + files.display(previous.file())));
        }
      }
      for (RuleDeclarations.Declared attribute : declared.ordering()) {
        problems.add(new RuleProblem(files.display(name), attribute.line(),
            "'" + attribute.name() + "' is not allowed: order rules by the facts they need, not by attributes"));
      }
    });
    functionClasses.forEach((className, function) -> {
      Location type = types.get(className);
      if (type != null) {
        problems.add(new RuleProblem(files.display(function.file()), function.line(), "function compiles to class " + className
            + ", the name of the type declared at " + files.display(type.file()) + ":" + type.line() + ": rename the function"));
      }
    });
    return locations;
  }

  private static String meta(Map<String, Object> meta, String key) {
    Object v = meta.get(key);
    if (v == null) return null;
    String s = v.toString().trim();
    if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) s = s.substring(1, s.length() - 1);
    return s.isEmpty() ? null : s;
  }
}
